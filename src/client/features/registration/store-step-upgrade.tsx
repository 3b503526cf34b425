import { RotateCcw } from 'lucide-react';
import { lazy, Suspense, useEffect, useEffectEvent, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { API_MESSAGES } from '../../../domain/messages';
import { Button } from '../../components/ui/button';
import { toast } from '../../lib/toast';
import { saveDraftValues } from './registration-draft';
import type { StoreStepProps } from './store-step';
import { readStoreValues, StoreStepPreview } from './store-step-preview';
import { loadedStoreStep, loadStoreStep, whenStoreStepLoads } from './wizard-loaders';

// Loaded when the button is pressed: step 1 paints with the page (first-load budget).
const RestartDialog = lazy(async () => ({ default: (await import('./restart-dialog')).RestartDialog }));

type StoreStepUpgradeProps = Omit<StoreStepProps, 'footer'> & {
  /** Mulai dari awal: clears the draft, uploads and typed values (decision 0021). */
  onRestart: () => void;
};

/** The control that had the focus, by name (else by place) and with its selection. */
type Focus = { name: string | null; index: number; selection: [number, number, 'forward' | 'backward' | 'none'] | null };

function focusIn(form: HTMLFormElement): Focus | null {
  const active = document.activeElement;
  if (!active || !form.contains(active)) return null;
  const selectable = active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement;
  const { selectionStart, selectionEnd, selectionDirection } = selectable ? active : {};
  return {
    name: active.getAttribute('name'),
    index: [...form.elements].indexOf(active),
    selection:
      typeof selectionStart === 'number' && typeof selectionEnd === 'number'
        ? [selectionStart, selectionEnd, selectionDirection ?? 'none']
        : null,
  };
}

function restoreFocus(form: HTMLFormElement, focus: Focus): void {
  const named = focus.name ? form.elements.namedItem(focus.name) : null;
  const target = named instanceof HTMLElement ? named : form.elements[focus.index];
  if (!(target instanceof HTMLElement)) return;
  target.focus({ preventScroll: true });
  if (focus.selection && (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) && target.selectionStart !== null) {
    target.setSelectionRange(...focus.selection);
  }
}

/**
 * Step 1, Data Toko (decision 0047): painted as a preview without react-hook-form, and swapped in place for
 * the bound step once that has loaded (the first focus, touch or key starts the load), with what was typed,
 * the focus and the caret kept. The swap waits while a press, a file chooser or an input method's
 * composition is under way on the preview, since it replaces the very controls they act on; Next pressed on
 * the preview runs on the bound form right after the swap, so its toast and inline errors are the step's own.
 */
export function StoreStepUpgrade({ defaults, uploads, onNext, onRestart }: StoreStepUpgradeProps) {
  const [confirming, setConfirming] = useState(false);
  const [bound, setBound] = useState(() => {
    const StoreStep = loadedStoreStep();
    return StoreStep && { StoreStep, defaults, otherCategory: false };
  });
  const preview = useRef<HTMLFormElement>(null);

  const holds = useRef({ press: false, chooser: false, composing: false, submit: false });
  const upgrade = useEffectEvent(() => {
    const form = preview.current;
    const StoreStep = loadedStoreStep();
    const { press, chooser, composing, submit } = holds.current;
    if (bound || !form || !StoreStep || press || chooser || composing) return;
    const container = form.parentElement;
    const focus = focusIn(form);
    // Read and swapped in one task: nothing typed can land between the two.
    const typed = readStoreValues(form, uploads);
    const otherCategory = form.elements.namedItem('kategori_usaha') instanceof HTMLInputElement;
    flushSync(() => setBound({ StoreStep, defaults: { ...defaults, ...typed }, otherCategory }));
    const next = container?.querySelector('form');
    if (!next) return;
    if (focus) restoreFocus(next, focus);
    if (submit) next.requestSubmit();
  });

  useEffect(() => {
    const form = preview.current;
    if (bound || !form) return;
    const later = () => window.setTimeout(upgrade, 0);
    const hold = (name: 'press' | 'chooser' | 'composing', on: boolean) => () => {
      holds.current[name] = on;
      if (!on) later();
    };
    const isChooser = (target: EventTarget | null) => target instanceof HTMLInputElement && target.type === 'file';
    const onClick = (event: Event) => {
      if (isChooser(event.target)) holds.current.chooser = true;
    };
    const onChooserDone = (event: Event) => {
      if (isChooser(event.target)) hold('chooser', false)();
    };
    const onSubmit = () => {
      holds.current.submit = true;
      loadStoreStep().then(later, () => {
        // Offline before the form arrived: as a step whose check cannot load (use-step-form.ts).
        holds.current.submit = false;
        toast.error(API_MESSAGES.unavailable, { id: 'wizard-step-invalid' });
      });
    };
    const listeners: [EventTarget, string, EventListener, boolean?][] = [
      [form, 'pointerdown', hold('press', true)],
      [window, 'pointerup', hold('press', false)],
      [window, 'pointercancel', hold('press', false)],
      [form, 'click', onClick, true],
      [form, 'change', onChooserDone, true],
      // `cancel` does not bubble.
      [form, 'cancel', onChooserDone, true],
      [form, 'compositionstart', hold('composing', true)],
      [form, 'compositionend', hold('composing', false)],
      [form, 'submit', onSubmit],
    ];
    for (const [target, type, listener, capture] of listeners) target.addEventListener(type, listener, capture);
    const stopWaiting = whenStoreStepLoads(upgrade);
    // Loaded between the render and now: no waiter was there to hear it.
    if (loadedStoreStep()) later();
    return () => {
      stopWaiting();
      for (const [target, type, listener, capture] of listeners) target.removeEventListener(type, listener, capture);
    };
  }, [bound]);

  const footer = (
    <div className="mt-6 flex justify-end">
      <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
        <RotateCcw aria-hidden /> Mulai dari awal
      </Button>
    </div>
  );
  return (
    <>
      {bound ? (
        <bound.StoreStep defaults={bound.defaults} otherCategory={bound.otherCategory} uploads={uploads} onNext={onNext} footer={footer} />
      ) : (
        <StoreStepPreview
          formRef={preview}
          defaults={defaults}
          uploads={uploads}
          footer={footer}
          // Kept as typed, as the bound step does: a reload mid-step brings back what was on the screen (decision 0021).
          onChange={(event) => saveDraftValues('store', readStoreValues(event.currentTarget, uploads))}
          // Handled with the swap (see above); the browser must not send the form anywhere.
          onSubmit={(event) => event.preventDefault()}
        />
      )}
      {confirming && (
        <Suspense fallback={null}>
          <RestartDialog
            open
            onOpenChange={setConfirming}
            onConfirm={() => {
              setConfirming(false);
              onRestart();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
