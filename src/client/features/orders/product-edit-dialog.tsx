import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useFormContext } from 'react-hook-form';
import type { ProductAdmin } from '../../../domain/orders';
import { DialogForm } from '../../components/dialog-form';
import { ItemDialog } from '../../components/ui/dialog';
import { Checkbox } from '../../components/ui/input';
import { ApiRequestError } from '../../lib/api-client';
import { serverMessage } from '../../lib/api-errors';
import { toast } from '../../lib/toast';
import { ORDER_TEXTS } from './order-texts';
import { productFormSchema, toProductForm, toProductUpdate, type ProductForm } from './product-form';
import { useUpdateProduct } from './use-order-mutations';
import { WholeNumberField } from './whole-number-field';

const FIELDS: readonly string[] = ['price', 'stock', 'active'];

type ProductEditDialogProps = { product: ProductAdmin | null; onClose: () => void };

export function ProductEditDialog({ product, onClose }: ProductEditDialogProps) {
  return (
    <ItemDialog item={product} onClose={onClose} title="Ubah Produk" description={productSummary}>
      {/* Keyed by product: opening another row starts from that product's values. */}
      {(chosen) => <ProductEditForm key={chosen.id} product={chosen} onDone={onClose} />}
    </ItemDialog>
  );
}

/** Which product, and how many of its units open orders hold (the stock cannot go below that). */
function productSummary(product: ProductAdmin) {
  return (
    <>
      {product.name} (<span className="font-mono">{product.sku}</span>). Saat ini {product.held} unit sedang dipesan.
    </>
  );
}

function ProductEditForm({ product, onDone }: { product: ProductAdmin; onDone: () => void }) {
  const form = useForm<ProductForm>({ resolver: zodResolver(productFormSchema(product.held)), defaultValues: toProductForm(product) });
  const update = useUpdateProduct();

  const submit = form.handleSubmit((values) =>
    update.mutateAsync({ id: product.id, body: toProductUpdate(values) }).then(
      () => {
        toast.success(ORDER_TEXTS.productUpdated);
        onDone();
      },
      (error: unknown) => {
        toast.error(ORDER_TEXTS.productUpdateFailed, { description: serverMessage(error) });
        // 409: open orders hold more units than the stock typed; the message belongs under Stok.
        const field = error instanceof ApiRequestError && (error.status === 409 ? 'stock' : error.field);
        if (field && FIELDS.includes(field))
          form.setError(field as keyof ProductForm, { message: (error as ApiRequestError).message }, { shouldFocus: true });
      },
    ),
  );

  return (
    <DialogForm form={form} onSubmit={submit} label="Ubah produk" pending={update.isPending} submitText="Simpan">
      <WholeNumberField name="price" label="Harga (Rp)" hint="Harga satuan dalam rupiah, sudah termasuk PPN." />
      <WholeNumberField name="stock" label="Stok" hint={`Semua unit, termasuk ${product.held} unit yang sedang dipesan.`} />
      <ActiveField />
    </DialogForm>
  );
}

/** A checkbox, not a switch: a native control that react-hook-form reads as a boolean and a form posts as `active`. */
function ActiveField() {
  const { register } = useFormContext<ProductForm>();
  return (
    <div className="flex items-start gap-3">
      <Checkbox id="product-active" className="mt-0.5" aria-describedby="product-active-hint" {...register('active')} />
      <div>
        <label htmlFor="product-active" className="text-sm font-medium text-slate-800">
          Aktif
        </label>
        <p id="product-active-hint" className="text-xs text-slate-600">
          Produk nonaktif disembunyikan dari toko dan tidak dapat dipesan.
        </p>
      </div>
    </div>
  );
}
