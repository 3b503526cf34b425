import { AUTH_MESSAGES, type SessionInfo } from '../../../domain/auth';
import { Button } from '../../components/ui/button';
import { InputField } from '../../components/ui/input-field';
import { submitSecondFactor } from './auth-api';
import { useLoginStep } from './use-login-step';

type Props = { email: string; onSignedIn: (info: SessionInfo) => void; onCancel: () => void };

export function SecondFactorStep({ email, onSignedIn, onCancel }: Props) {
  const { secret: code, setSecret: setCode, pending, submit } = useLoginStep(submitSecondFactor, onSignedIn);

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Verifikasi dua langkah">
      <p className="text-sm text-slate-600">
        Masukkan kode 6 digit dari aplikasi autentikator untuk <strong>{email}</strong>. Jika tidak dapat mengakses aplikasi, masukkan salah
        satu kode pemulihan.
      </p>
      <InputField
        label="Kode verifikasi"
        hint="Kode 6 digit atau kode pemulihan (xxxxx-xxxxx)"
        name="code"
        autoComplete="one-time-code"
        inputMode="text"
        required
        autoFocus
        maxLength={32}
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? AUTH_MESSAGES.processing : 'Verifikasi'}
      </Button>
      <Button variant="ghost" className="w-full" onClick={onCancel} disabled={pending}>
        Kembali
      </Button>
    </form>
  );
}
