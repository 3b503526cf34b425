import { useState } from 'react';
import { AUTH_MESSAGES, type SessionInfo } from '../../../domain/auth';
import { Button } from '../../components/ui/button';
import { InputField } from '../../components/ui/input-field';
import { login } from './auth-api';
import { CurrentPasswordField } from './password-input';
import { useLoginStep } from './use-login-step';

export function PasswordStep({ onSignedIn }: { onSignedIn: (info: SessionInfo) => void }) {
  const [email, setEmail] = useState('');
  const {
    secret: password,
    setSecret: setPassword,
    pending,
    submit,
  } = useLoginStep((typed) => login({ email, password: typed }), onSignedIn);

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Login admin">
      <InputField
        label="Email"
        name="email"
        type="email"
        autoComplete="username"
        required
        autoFocus
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        placeholder="admin@aipos.co.id"
      />
      <CurrentPasswordField label="Password" name="password" value={password} onValue={setPassword} />
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? AUTH_MESSAGES.processing : 'Login'}
      </Button>
    </form>
  );
}
