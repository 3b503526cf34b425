import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { MerchantCreateSchema } from '../../../domain/merchants';
import { MESSAGES } from '../../../domain/messages';
import { DEFAULT_ADMIN_PREMISES } from '../../../domain/vocabularies';
import { Button } from '../../components/ui/button';
import { ApiRequestError } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { usePageTitle } from '../../lib/use-page-title';
import { CreateAddressSection, CreateBankSection, CreateOwnerSection, CreateStoreSection } from './create-sections';
import { createMerchant, type MerchantCreateInput } from './merchant-api';
import { useInvalidateAfterChange } from './use-merchant-mutations';

const FIELDS: readonly string[] = Object.keys(MerchantCreateSchema.shape);

/** /admin/merchants/new */
export function MerchantCreatePage() {
  usePageTitle('Tambah Merchant');
  const navigate = useNavigate();
  const invalidate = useInvalidateAfterChange();
  const form = useForm<MerchantCreateInput, unknown, MerchantCreateInput>({
    // raw: the server parses (and normalises) the same schema; the browser only checks first.
    resolver: zodResolver(MerchantCreateSchema, undefined, { raw: true }),
    // docs/spec.md §9: premises 'Sewa' and turnover 0 unless the admin says otherwise.
    defaultValues: { tempat_usaha: DEFAULT_ADMIN_PREMISES, omset_per_bulan: 0 },
  });
  const create = useMutation({ mutationFn: createMerchant, onSuccess: (merchant) => invalidate(merchant.id) });

  const submit = form.handleSubmit((values) =>
    create.mutateAsync(values).then(
      (merchant) => {
        toast.success(MESSAGES.createSuccess(merchant.nama_toko));
        void navigate('/admin/merchants');
      },
      (error: unknown) => {
        // docs/spec.md §8: the server's message, or the generic one.
        const api = error instanceof ApiRequestError ? error : null;
        toast.error(api?.message ?? MESSAGES.createFailed);
        if (api?.status === 400 && api.field && FIELDS.includes(api.field)) {
          form.setError(api.field as keyof MerchantCreateInput, { message: api.message }, { shouldFocus: true });
        }
      },
    ),
  );

  return (
    <main className="mx-auto w-full max-w-5xl space-y-6 px-4 py-8">
      <header className="space-y-3">
        <Link to="/admin/merchants" className="inline-flex items-center gap-1 text-sm text-slate-600 hover:text-brand-700">
          <ArrowLeft aria-hidden className="size-4" /> Kembali ke Daftar Merchant
        </Link>
        <h1 className="text-2xl font-bold">Tambah Merchant</h1>
        <p className="text-sm text-slate-600">
          Semua field wajib diisi (<span className="text-red-600">*</span>). Merchant baru berstatus Sedang Diproses dan mendapat kode
          pendaftaran otomatis.
        </p>
      </header>
      <FormProvider {...form}>
        <form onSubmit={(event) => void submit(event)} aria-label="Tambah merchant" className="space-y-6">
          <CreateStoreSection />
          <CreateAddressSection />
          <CreateOwnerSection />
          <CreateBankSection />
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={() => void navigate('/admin/merchants')} disabled={create.isPending}>
              Batal
            </Button>
            <Button type="submit" disabled={create.isPending} aria-busy={create.isPending}>
              Simpan
            </Button>
          </div>
        </form>
      </FormProvider>
    </main>
  );
}
