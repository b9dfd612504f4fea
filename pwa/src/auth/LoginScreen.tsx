import { safeRedirect } from './guards.tsx';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LOGIN_FIELDS, MSG } from '@lawfirm/shared-types';
import { CHECKED, type TField } from '../ui/fields.ts';
import { Field } from '../ui/forms/Field.tsx';
import { SecretField } from '../ui/forms/SecretField.tsx';
import { checkWith } from '../ui/forms/schemaRules.ts';
import { useFieldForm } from '../ui/forms/useFieldForm.tsx';
import { useToast } from '../feedback/toast.tsx';
import { useAuth } from './AuthContext.tsx';

/** "Remember me" keeps the email on this device for the next login; the session itself is the server's. */
const REMEMBER_KEY = 'lf_login_email';

const FIELDS: TField[] = [
  { key: 'email', label: 'Email', required: MSG.loginEmailRequired },
  { key: 'password', label: 'Password', required: MSG.loginPasswordRequired },
  { key: 'remember', label: 'Remember me', kind: 'checkbox' },
];
// The sign-in schema's own messages (a malformed email), on the text as typed.
const check = checkWith(LOGIN_FIELDS, (d) => ({ email: d.email, password: d.password }));

export function LoginScreen() {
  const { login } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useFieldForm(
    FIELDS,
    () => {
      const remembered = localStorage.getItem(REMEMBER_KEY);
      return { email: remembered ?? '', password: '', remember: remembered !== null ? CHECKED : '' };
    },
    { check },
  );
  const redirect = safeRedirect(params.get('redirect'));

  const send = async (v: Record<string, unknown>) => {
    const email = String(v.email);
    try {
      // A password is sent as typed (the form's values are trimmed).
      await login(email, form.draft.password ?? '');
    } catch (e) {
      toast.failed(e, "Can't login");
      return;
    }
    if (v.remember) localStorage.setItem(REMEMBER_KEY, email);
    else localStorage.removeItem(REMEMBER_KEY);
    toast.success('Login Successfully!');
    await navigate(redirect, { replace: true });
  };

  return (
    <div className="auth-page">
      <section className="auth-card">
        <Link to="/" className="auth-logo">
          <img src="/icons/icon-192.png" alt="" width={48} height={48} />
          <span>eLawFirm</span>
        </Link>
        <h1>Welcome Back | Login To Start Your Session</h1>
        <form noValidate onSubmit={form.submit(send)}>
          <Field type="email" autoComplete="username" {...form.bind('email')} />
          <SecretField autoComplete="current-password" {...form.bind('password')} />
          <div className="row-between">
            <Field {...form.bind('remember')} />
            <Link to="/forgot-password">Forgot Password?</Link>
          </div>
          <button type="submit" className="btn primary block" disabled={form.submitting}>
            Login
          </button>
        </form>
        <p className="auth-alt">
          New here? <Link to="/sign-up">Sign Up</Link>
        </p>
      </section>
      {form.dialog}
    </div>
  );
}
