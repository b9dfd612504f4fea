import { Link, useNavigate } from 'react-router';
import { email, MSG } from '@lawfirm/shared-types';
import { z } from 'zod';
import { api } from '../http/client.ts';
import type { TField } from '../ui/fields.ts';
import { Field } from '../ui/forms/Field.tsx';
import { checkWith } from '../ui/forms/schemaRules.ts';
import { useFieldForm } from '../ui/forms/useFieldForm.tsx';
import { useToast } from '../feedback/toast.tsx';

const FIELDS: TField[] = [{ key: 'email', label: 'Email', required: MSG.loginEmailRequired }];
const check = checkWith(z.object({ email: email(MSG.loginEmailRequired) }));

export function ForgotPasswordScreen() {
  const toast = useToast();
  const navigate = useNavigate();
  const form = useFieldForm(FIELDS, { email: '' }, { check });

  const send = async (v: Record<string, unknown>) => {
    try {
      // The documented call (rest-contract #6): a form post outside /api.
      await api('/password.email', { form: { email: String(v.email) }, auth: false });
    } catch (e) {
      toast.failed(e);
      return;
    }
    toast.success(MSG.resetLinkSent);
    await navigate('/login');
  };

  return (
    <div className="auth-page">
      <section className="auth-card">
        <h1>Forgot Password</h1>
        <p className="muted">
          Enter the email you sign in with and we will send you a link to set a new password.
        </p>
        <form noValidate onSubmit={form.submit(send)}>
          <Field type="email" autoComplete="email" {...form.bind('email')} />
          <button type="submit" className="btn primary block" disabled={form.submitting}>
            Send Password Reset Link
          </button>
        </form>
        <p className="auth-alt">
          <Link to="/login">Back to Login</Link>
        </p>
      </section>
      {form.dialog}
    </div>
  );
}
