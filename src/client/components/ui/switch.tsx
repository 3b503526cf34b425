import { Switch as RadixSwitch } from 'radix-ui';
import type { ComponentProps } from 'react';

type SwitchProps = Omit<ComponentProps<typeof RadixSwitch.Root>, 'className' | 'children'>;

/** An on/off switch of the admin settings; it posts as its `name` in a form. */
export function Switch(props: SwitchProps) {
  return (
    <RadixSwitch.Root
      {...props}
      className="relative h-6 w-11 shrink-0 rounded-full bg-slate-300 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 data-[state=checked]:bg-brand-600 disabled:cursor-not-allowed disabled:opacity-60"
    >
      <RadixSwitch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
    </RadixSwitch.Root>
  );
}
