import { useCallback } from 'react';
import { Link, useNavigate } from 'react-router';
import { email, MSG } from '@lawfirm/shared-types';
import { z } from 'zod';
import { api } from '../http/client.ts';
import { TextField, useForm, zodFieldErrors } from '../ui/form.tsx';
import { useToast } from '../feedback/toast.tsx';

const ZForgot = z.object({ email: email(MSG.loginEmailRequired) });
const validate = (v: { email: string }) => zodFieldErrors(ZForgot, v);

export function ForgotPasswordScreen() {
  const toast = useToast();
  const navigate = useNavigate();
  const form = useForm({ email: '' }, validate);

  const send = useCallback(
    async (v: { email: string }) => {
      try {
        // The documented call (rest-contract #6): a form post outside /api.
        await api('/password.email', { form: { email: v.email.trim() }, auth: false });
      } catch (e) {
        toast.failed(e);
        return;
      }
      toast.success(MSG.resetLinkSent);
      await navigate('/login');
    },
    [toast, navigate],
  );

  return (
    <div className="auth-page">
      <section className="auth-card">
        <h1>Forgot Password</h1>
        <p className="muted">
          Enter the email you sign in with and we will send you a link to set a new password.
        </p>
        <form noValidate onSubmit={form.handleSubmit(send)}>
          <TextField label="Email" type="email" autoComplete="email" required {...form.bind('email')} />
          <button type="submit" className="btn primary block" disabled={form.submitting}>
            Send Password Reset Link
          </button>
        </form>
        <p className="auth-alt">
          <Link to="/login">Back to Login</Link>
        </p>
      </section>
    </div>
  );
}
