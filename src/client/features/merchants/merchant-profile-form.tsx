import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { MerchantDetail, RevealRequest } from '../../../domain/merchants';
import { hasFinalCode, REASON_MESSAGES } from '../../../domain/reason-codes';
import { ApiRequestError } from '../../lib/api-client';
import { BankInfoCard, OwnerInfoCard, QrisDataCard, StoreAddressCard, StoreInfoCard } from './profile-cards';
import { PROFILE_FIELDS, ProfileFormSchema, rejectsHere, toMerchantUpdate, toProfileForm, type ProfileForm } from './profile-form';
import type { RevealState } from './revealable-field';
import type { SaveMerchant } from './use-save-merchant';

/** The header's Simpan button submits this form through its `form` attribute. */
export const PROFILE_FORM_ID = 'merchant-profile-form';

type MerchantProfileFormProps = {
  merchant: MerchantDetail;
  editing: boolean;
  onSave: SaveMerchant;
  /** NIK and account number revealed on this screen (each look audited by the server). */
  reveal: RevealState;
};

/**
 * Tab Profil. Mounted afresh (by key) for each view and each edit: the values and the version the edit
 * started from are taken once at mount, so a background refetch never overwrites what is being typed.
 */
export function MerchantProfileForm({ merchant, editing, onSave, reveal }: MerchantProfileFormProps) {
  const [startedFrom] = useState(merchant.updated_at);
  const form = useForm<ProfileForm, unknown, ProfileForm>({
    // raw: the server normalises (phone, NIK) with the same schema; the form only checks.
    resolver: zodResolver(ProfileFormSchema, undefined, { raw: true }),
    defaultValues: { ...toProfileForm(merchant), ...reveal.values },
  });

  const submit = form.handleSubmit(async (values) => {
    if (rejectsHere(values, merchant) && !hasFinalCode(values.kode_alasan)) {
      form.setError('kode_alasan', { message: REASON_MESSAGES.finalRequired });
      return;
    }
    try {
      await onSave(toMerchantUpdate(values, merchant, startedFrom, new Set(Object.keys(reveal.values) as RevealRequest['field'][])));
    } catch (error) {
      // The toast is the page's; a field the server refused is also marked at the field.
      const field = error instanceof ApiRequestError && error.status === 400 ? error.field : undefined;
      if (field && (PROFILE_FIELDS as string[]).includes(field)) {
        form.setError(field as keyof ProfileForm, { message: (error as ApiRequestError).message }, { shouldFocus: true });
      }
    }
  });

  return (
    <FormProvider {...form}>
      <form
        id={PROFILE_FORM_ID}
        noValidate
        onSubmit={(event) => void submit(event)}
        aria-label="Profil merchant"
        className="grid gap-6 lg:grid-cols-2"
      >
        <StoreInfoCard editing={editing} turnover={merchant.omset_per_bulan} status={merchant.status} />
        <StoreAddressCard editing={editing} />
        <OwnerInfoCard editing={editing} reveal={reveal} />
        <BankInfoCard editing={editing} reveal={reveal} />
        <QrisDataCard editing={editing} kriteria={merchant.kriteria_usaha} mccMissing={merchant.mcc === null} />
      </form>
    </FormProvider>
  );
}
