import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { AUTH_MESSAGES, PASSWORD_MIN_LENGTH } from '../../../domain/auth';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ApiRequestError } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { changePassword } from './auth-api';
import { CurrentPasswordField, PasswordField } from './password-input';

export function PasswordChangeForm() {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const mutation = useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      toast.success(AUTH_MESSAGES.passwordChanged);
      setCurrentPassword('');
      setNewPassword('');
    },
    onError: (error) => toast.error(error instanceof ApiRequestError ? error.message : 'Gagal mengubah password'),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    mutation.mutate({ currentPassword, newPassword });
  }

  return (
    <Card className="space-y-4 p-6">
      <h2 className="text-lg font-semibold">Ganti Password</h2>
      <form onSubmit={submit} className="max-w-sm space-y-4">
        <CurrentPasswordField label="Password saat ini" name="currentPassword" value={currentPassword} onValue={setCurrentPassword} />
        <PasswordField
          label="Password baru"
          hint={`Minimal ${PASSWORD_MIN_LENGTH} karakter. Gunakan kalimat yang mudah Anda ingat.`}
          name="newPassword"
          autoComplete="new-password"
          minLength={PASSWORD_MIN_LENGTH}
          maxLength={128}
          value={newPassword}
          onChange={(e) => setNewPassword(e.target.value)}
        />
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? AUTH_MESSAGES.processing : 'Simpan Password'}
        </Button>
      </form>
    </Card>
  );
}
