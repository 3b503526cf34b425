import { useId } from 'react';
import { Switch } from '../../components/ui/switch';

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
      <Switch id={id} name={name} checked={checked} disabled={disabled} onCheckedChange={onChange} aria-describedby={`${id}-desc`} />
    </div>
  );
}
