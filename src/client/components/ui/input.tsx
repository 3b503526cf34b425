import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

const fieldVariants = cva(
  'block rounded-lg border px-3 text-sm text-slate-900 placeholder:text-slate-400 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:bg-slate-100 aria-[invalid=true]:border-red-500',
  {
    variants: {
      /** `plain`: a read-only value that looks like text on a grey ground rather than a box to type in. */
      look: { box: 'border-slate-300 bg-white shadow-sm', plain: 'border-transparent bg-slate-100 shadow-none' },
      size: { md: 'py-2', sm: 'py-1' },
    },
    defaultVariants: { look: 'box', size: 'md' },
  },
);

// Fields fill their container: a narrower field is one in a narrower container.
type FieldProps = VariantProps<typeof fieldVariants>;

export function Input({ className, look, ...props }: Omit<ComponentProps<'input'>, 'size'> & Omit<FieldProps, 'size'>) {
  return <input className={cn(fieldVariants({ look }), 'h-10 w-full', className)} {...props} />;
}

export function Textarea({ className, look, ...props }: ComponentProps<'textarea'> & Omit<FieldProps, 'size'>) {
  return <textarea className={cn(fieldVariants({ look }), 'min-h-20 w-full', className)} {...props} />;
}

/** A choice of a select: a value shown as itself, or a value with its label. */
export type Choice = string | number | { value: string; label: string };

type NativeSelectProps = Omit<ComponentProps<'select'>, 'size'> &
  FieldProps & {
    /** Its choices; `children` may add <option>s of their own after them. */
    choices?: readonly Choice[];
    /** The empty first choice, when nothing chosen is allowed or asked for. */
    placeholder?: string;
  };

/** A native select: keyboard, screen readers and form posts work as browsers made them. */
export function NativeSelect({ className, look, size = 'md', choices = [], placeholder, children, ...props }: NativeSelectProps) {
  return (
    <select className={cn(fieldVariants({ look, size }), size === 'sm' ? 'h-8' : 'h-10', 'w-full pr-8', className)} {...props}>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {choices.map((choice) => {
        const { value, label } = typeof choice === 'object' ? choice : { value: choice, label: String(choice) };
        return (
          <option key={value} value={value}>
            {label}
          </option>
        );
      })}
      {children}
    </select>
  );
}

export function Checkbox({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <input
      type="checkbox"
      className={cn(
        'size-4 shrink-0 rounded border-slate-300 accent-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600',
        className,
      )}
      {...props}
    />
  );
}
