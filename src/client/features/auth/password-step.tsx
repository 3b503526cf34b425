import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { AUTH_MESSAGES, type SessionInfo } from '../../../domain/auth';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { login } from './auth-api';
import { toastLoginError } from './login-errors';
import { PasswordInput } from './password-input';

export function PasswordStep({ onSignedIn }: { onSignedIn: (info: SessionInfo) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const mutation = useMutation({
    mutationFn: login,
    onSuccess: onSignedIn,
    onError: (error) => {
      toastLoginError(error);
      setPassword('');
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    mutation.mutate({ email, password });
  }

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Login admin">
      <FormField label="Email" required>
        {({ id }) => (
          <Input id={id} name="email" type="email" autoComplete="username" required autoFocus value={email} onChange={(e) => setEmail(e.target.value)} placeholder="admin@aipos.co.id" />
        )}
      </FormField>
      <FormField label="Password" required>
        {({ id }) => <PasswordInput id={id} name="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />}
      </FormField>
      <Button type="submit" className="w-full" disabled={mutation.isPending}>
        {mutation.isPending ? AUTH_MESSAGES.processing : 'Login'}
      </Button>
    </form>
  );
}
