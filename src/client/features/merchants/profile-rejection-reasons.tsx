import { Controller, useFormContext, useWatch } from 'react-hook-form';
import type { MerchantDetail } from '../../../domain/merchants';
import { rejectsHere, type ProfileForm } from './profile-form';
import { ReasonCodePicker } from './reason-code-picker';

/**
 * The profile form's status select can reject a merchant too, so it asks for the same reasons as the status
 * dialog: shown only while the chosen status is a new rejection.
 */
export function ProfileRejectionReasons({ merchant }: { merchant: Pick<MerchantDetail, 'status'> }) {
  const { control } = useFormContext<ProfileForm>();
  const status = useWatch({ control, name: 'status' });
  if (!rejectsHere({ status }, merchant)) return null;
  return (
    <Controller
      control={control}
      name="kode_alasan"
      render={({ field, fieldState }) => (
        <ReasonCodePicker value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
      )}
    />
  );
}
