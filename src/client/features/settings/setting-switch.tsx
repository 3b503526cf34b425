import { Switch } from 'radix-ui';
import { useId } from 'react';

type SettingSwitchProps = {
  name: string;
  label: string;
  description: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (value: boolean) => void;
};

export function SettingSwitch({ name, label, description, checked, disabled, onChange }: SettingSwitchProps) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 py-3">
      <div>
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        <p id={`${id}-desc`} className="text-xs text-slate-500">
          {description}
        </p>
      </div>
      <Switch.Root
        id={id}
        name={name}
        checked={checked}
        disabled={disabled}
        onCheckedChange={onChange}
        aria-describedby={`${id}-desc`}
        className="relative h-6 w-11 shrink-0 rounded-full bg-slate-300 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 data-[state=checked]:bg-brand-600 disabled:cursor-not-allowed disabled:opacity-60"
      >
        <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
      </Switch.Root>
    </div>
  );
}
