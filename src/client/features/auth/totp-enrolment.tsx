import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { AUTH_MESSAGES, type TotpSetup } from '../../../domain/auth';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { InputField } from '../../components/ui/input-field';
import { ApiRequestError } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { confirmTotp, fetchTotpStatus, SESSION_QUERY_KEY, startTotpSetup } from './auth-api';

const STATUS_KEY = ['auth', 'totp'] as const;

function errorText(error: unknown): string {
  return error instanceof ApiRequestError ? error.message : AUTH_MESSAGES.invalidCode;
}

/** Enrolment of an authenticator app: QR code and manual key, a confirming code, then recovery codes. */
export function TotpEnrolment() {
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: STATUS_KEY, queryFn: fetchTotpStatus });
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [code, setCode] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  const start = useMutation({ mutationFn: startTotpSetup, onSuccess: setSetup, onError: (e) => toast.error(errorText(e)) });
  const confirm = useMutation({
    mutationFn: confirmTotp,
    onSuccess: ({ recoveryCodes: codes }) => {
      setRecoveryCodes(codes);
      setSetup(null);
      toast.success('Verifikasi dua langkah aktif');
    },
    onError: (e) => {
      toast.error(errorText(e));
      setCode('');
    },
  });

  function finish() {
    setRecoveryCodes(null);
    void queryClient.invalidateQueries({ queryKey: STATUS_KEY });
    // The session now reports the factor: a REQUIRE_ADMIN_MFA lock lifts.
    void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    confirm.mutate(code);
  }

  return (
    <Card className="space-y-4 p-6">
      <h2 className="text-lg font-semibold">Verifikasi Dua Langkah (TOTP)</h2>
      {recoveryCodes ? (
        <div className="space-y-3">
          <p className="text-sm text-slate-700">
            Simpan 10 kode pemulihan ini di tempat aman. Setiap kode hanya bisa dipakai sekali untuk login jika aplikasi autentikator tidak
            tersedia. Kode tidak akan ditampilkan lagi.
          </p>
          <ul aria-label="Kode pemulihan" className="grid grid-cols-2 gap-2 rounded-lg bg-slate-100 p-4 font-mono text-sm">
            {recoveryCodes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
          <Button onClick={finish}>Saya sudah menyimpan kode ini</Button>
        </div>
      ) : status.data?.enabled ? (
        <p className="text-sm text-slate-700">
          <span className="font-semibold text-green-700">Aktif.</span> Setiap login meminta kode 6 digit dari aplikasi autentikator. Sisa
          kode pemulihan: {status.data.recoveryCodesLeft}.
        </p>
      ) : setup ? (
        <form onSubmit={submit} className="space-y-4">
          <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
            <li>Pindai kode QR ini dengan aplikasi autentikator (Google Authenticator, Microsoft Authenticator, Aegis, dan lain-lain).</li>
            <li>Atau ketik kunci manual di bawah ini.</li>
            <li>Masukkan kode 6 digit yang muncul di aplikasi.</li>
          </ol>
          <img
            src={setup.qrDataUrl}
            alt="Kode QR untuk aplikasi autentikator"
            width={240}
            height={240}
            className="rounded-lg border border-slate-200"
          />
          <p className="text-sm">
            Kunci manual:{' '}
            <code data-testid="totp-secret" className="break-all rounded bg-slate-100 px-2 py-1 font-mono">
              {setup.secret}
            </code>
          </p>
          <InputField
            label="Kode 6 digit"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="\d{6}"
            maxLength={6}
            required
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            className="max-w-40"
          />
          <Button type="submit" disabled={confirm.isPending}>
            {confirm.isPending ? AUTH_MESSAGES.processing : 'Konfirmasi'}
          </Button>
        </form>
      ) : (
        <div className="space-y-3">
          <p className="text-sm text-slate-700">
            Lindungi akun admin dengan kode dari aplikasi autentikator di ponsel Anda, selain password.
          </p>
          <Button onClick={() => start.mutate()} disabled={start.isPending || status.isPending}>
            {start.isPending ? AUTH_MESSAGES.processing : 'Aktifkan Verifikasi Dua Langkah'}
          </Button>
        </div>
      )}
    </Card>
  );
}
