import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { FieldConventionsContext } from '../../components/field-conventions';
import { Card } from '../../components/ui/card';
import { clearRegistrationSession, loadSubmittedRegistration } from '../../lib/registration-session';
import { usePageTitle } from '../../lib/use-page-title';
import { usePublicSettings } from '../../lib/use-public-settings';
import { StepIndicator } from './step-indicator';
import { StoreStepUpgrade } from './store-step-upgrade';
import { REVIEW_STEP, successPath, useRegistrationWizard } from './use-registration-wizard';
import { loadBankStep, loadDocumentsStep, loadOwnerStep, loadReviewStep, loadStoreStep, prefetchWizard } from './wizard-loaders';
import { STEPS, WIZARD_FIELD_CONVENTIONS } from './wizard-steps';

// Step 1 paints with the page (without react-hook-form until the first focus, decision 0047); the later steps
// and the dialog load when needed (decision 0043).
const OwnerStep = lazy(async () => ({ default: (await loadOwnerStep()).OwnerStep }));
const DocumentsStep = lazy(async () => ({ default: (await loadDocumentsStep()).DocumentsStep }));
const BankStep = lazy(async () => ({ default: (await loadBankStep()).BankStep }));
const ReviewStep = lazy(async () => ({ default: (await loadReviewStep()).ReviewStep }));
// Shown only in maintenance mode (decision 0022): not part of the page's first load.
const MaintenanceNotice = lazy(async () => ({ default: (await import('../../components/maintenance-notice')).MaintenanceNotice }));
const AlreadySentDialog = lazy(async () => ({ default: (await import('./already-sent-dialog')).AlreadySentDialog }));

/** /register: the five-step wizard of docs/spec.md §2. */
export function RegisterPage() {
  usePageTitle('Daftar Merchant');
  const navigate = useNavigate();
  const settings = usePublicSettings();
  const wizard = useRegistrationWizard(settings?.max_upload_mb);
  const { step, values, uploads, save } = wizard;
  const [sent, setSent] = useState(loadSubmittedRegistration);
  const headingRef = useFocusOnChange<HTMLHeadingElement>(step);
  useEffect(() => {
    // Landed on a later step (the draft): Kembali to step 1 then shows the bound form, not its preview.
    if (step !== 0) loadStoreStep().catch(() => undefined);
  }, [step]);

  const content = [
    <StoreStepUpgrade
      key="store"
      defaults={values.store}
      uploads={uploads}
      onNext={(store) => save({ store }, 1)}
      onRestart={wizard.restart}
    />,
    <OwnerStep key="owner" defaults={values.owner} onNext={(owner) => save({ owner }, 2)} onBack={(owner) => save({ owner }, 0)} />,
    <DocumentsStep key="documents" uploads={uploads} onNext={() => wizard.goTo(3)} onBack={() => wizard.goTo(1)} />,
    <BankStep key="bank" defaults={values.bank} onNext={(bank) => save({ bank }, REVIEW_STEP)} onBack={(bank) => save({ bank }, 2)} />,
    <ReviewStep key="review" wizard={wizard} />,
  ][step];

  return (
    // The first focus, touch or key anywhere on the wizard fetches what its checks and later steps need.
    <main
      className="mx-auto w-full max-w-3xl px-4 py-10"
      onFocus={prefetchWizard}
      onPointerDown={prefetchWizard}
      onKeyDown={prefetchWizard}
    >
      <h1 className="text-3xl font-bold">Daftar Merchant AIPOS</h1>
      <p className="mt-2 text-slate-600">
        Lengkapi lima langkah berikut. Kolom bertanda <span className="text-red-600">*</span> wajib diisi.
      </p>
      {settings?.maintenance_mode ? (
        <Suspense fallback={null}>
          <MaintenanceNotice />
        </Suspense>
      ) : (
        <>
          <div className="mt-8">
            <StepIndicator current={step} />
          </div>
          <Card className="mt-6 p-6 sm:p-8">
            <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold focus:outline-none">
              Langkah {step + 1} dari {STEPS.length}: {STEPS[step]?.title}
            </h2>
            <p className="mb-6 mt-1 text-sm text-slate-600">{STEPS[step]?.description}</p>
            <div key={wizard.run}>
              <FieldConventionsContext value={WIZARD_FIELD_CONVENTIONS}>
                <Suspense fallback={<p className="py-16 text-center text-sm text-slate-600">Memuat langkah...</p>}>{content}</Suspense>
              </FieldConventionsContext>
            </div>
          </Card>
        </>
      )}
      {sent && (
        <Suspense fallback={null}>
          <AlreadySentDialog
            code={sent.code}
            onNewRegistration={() => {
              clearRegistrationSession();
              wizard.restart();
              setSent(null);
            }}
            onViewConfirmation={() => void navigate(successPath(sent.code))}
          />
        </Suspense>
      )}
    </main>
  );
}

/** Moves focus to the step heading when the step changes (not on first load), so keyboard and screen-reader users start there. */
function useFocusOnChange<T extends HTMLElement>(value: unknown) {
  const ref = useRef<T>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    ref.current?.focus();
    ref.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [value]);
  return ref;
}
