import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { SessionInfo } from '../../../domain/auth';
import { toastLoginError } from './login-errors';

/**
 * One step of the sign-in (the password, then the second factor): the secret typed and the request that
 * sends it. A refused attempt is toasted (docs/spec.md §8) and the secret emptied for the next try.
 */
export function useLoginStep(send: (secret: string) => Promise<SessionInfo>, onSignedIn: (info: SessionInfo) => void) {
  const [secret, setSecret] = useState('');
  const mutation = useMutation({
    mutationFn: send,
    onSuccess: onSignedIn,
    onError: (error) => {
      toastLoginError(error);
      setSecret('');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate(secret);
  };
  return { secret, setSecret, pending: mutation.isPending, submit };
}
