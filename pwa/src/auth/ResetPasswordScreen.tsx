import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MSG, password } from '@lawfirm/shared-types';
import { z } from 'zod';
import { api, ApiError } from '../http/client.ts';
import { FormError } from '../ui/form.tsx';
import type { TField } from '../ui/fields.ts';
import { SecretField } from '../ui/forms/SecretField.tsx';
import { checkWith } from '../ui/forms/schemaRules.ts';
import { useFieldForm } from '../ui/forms/useFieldForm.tsx';
import { useToast } from '../feedback/toast.tsx';

const ZReset = z
  .object({ password: password(), password_confirmation: z.string() })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    error: MSG.passwordMismatch,
  });
// Passwords are checked and sent as typed, never trimmed.
const check = checkWith(ZReset);
const FIELDS: TField[] = [
  { key: 'password', label: 'New Password', required: MSG.passwordRequired },
  { key: 'password_confirmation', label: 'Confirm Password', required: MSG.passwordMismatch },
];

/**
 * Opened from the emailed link: /reset-password?token=…&email=… (`&welcome=1`: a new account's link to choose
 * its first password, the same one-time token as a reset).
 */
export function ResetPasswordScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const emailParam = params.get('email') ?? '';
  const welcome = params.get('welcome') === '1';
  const title = welcome ? 'Choose Your Password' : 'Reset Password';
  const toast = useToast();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useFieldForm(FIELDS, { password: '', password_confirmation: '' }, { check });
  const { setServerErrors } = form;

  const send = async () => {
    const v = {
      password: form.draft.password ?? '',
      password_confirmation: form.draft.password_confirmation ?? '',
    };
    setFailure(null);
    let answer: { message?: string };
    try {
      answer = await api<{ message?: string }>('/api/password/reset', {
        method: 'POST',
        json: { token, email: emailParam, ...v },
        auth: false,
      });
    } catch (e) {
      setFailure(e instanceof Error ? e.message : String(e));
      if (e instanceof ApiError)
        setServerErrors({
          password: e.field('password'),
          password_confirmation: e.field('password_confirmation'),
        });
      return;
    }
    toast.success(answer.message ?? 'Your password has been reset.');
    await navigate('/login');
  };

  if (!token || !emailParam)
    return (
      <div className="auth-page">
        <section className="auth-card">
          <h1>{title}</h1>
          <FormError message={MSG.resetTokenInvalid} />
          <p className="auth-alt">
            <Link to="/forgot-password">Send a new link</Link>
          </p>
        </section>
      </div>
    );

  return (
    <div className="auth-page">
      <section className="auth-card">
        <h1>Reset Password</h1>
        <p className="muted">
          {welcome ? 'Choose the password' : 'Set a new password'} for {emailParam}.
        </p>
        <form noValidate onSubmit={form.submit(send)}>
          <SecretField autoComplete="new-password" {...form.bind('password')} />
          <SecretField autoComplete="new-password" {...form.bind('password_confirmation')} />
          <FormError message={failure} />
          <button type="submit" className="btn primary block" disabled={form.submitting}>
            {welcome ? 'Set Password' : 'Reset Password'}
          </button>
        </form>
      </section>
      {form.dialog}
    </div>
  );
}
