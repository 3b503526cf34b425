import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';

type AlreadySentDialogProps = {
  code: string;
  onNewRegistration: () => void;
  onViewConfirmation: () => void;
};

/**
 * docs/spec.md §2 and §4: this browser session already sent a registration. The dialog is answered with one of
 * its two buttons (no close corner, Escape ignored) so a second registration is a deliberate choice.
 * Mounted only while there is such a registration.
 */
export function AlreadySentDialog({ code, onNewRegistration, onViewConfirmation }: AlreadySentDialogProps) {
  return (
    <Dialog open>
      <DialogContent
        title="Pendaftaran Sudah Dikirim"
        description={
          <>
            Anda sudah mengirim pendaftaran merchant dari browser ini dengan kode{' '}
            <strong className="font-mono text-slate-900">{code}</strong>. Lihat konfirmasinya, atau buat pendaftaran baru untuk usaha lain.
          </>
        }
        hideClose
      >
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onNewRegistration}>
            Buat Pendaftaran Baru
          </Button>
          <Button onClick={onViewConfirmation}>Lihat Konfirmasi</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
