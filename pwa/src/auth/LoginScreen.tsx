import { safeRedirect } from './guards.tsx';
import { useCallback } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LOGIN_FIELDS } from '@lawfirm/shared-types';
import { CheckboxField, PasswordField, TextField, useForm, zodFieldErrors } from '../ui/form.tsx';
import { useToast } from '../feedback/toast.tsx';
import { useAuth } from './AuthContext.tsx';

/** "Remember me" keeps the email on this device for the next login; the session itself is the server's. */
const REMEMBER_KEY = 'lf_login_email';

/** Only a path on this site: '//evil.example' or '/\evil' would leave it. */

const validate = (v: { email: string; password: string }) => zodFieldErrors(LOGIN_FIELDS, v);

export function LoginScreen() {
  const { login } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const remembered = localStorage.getItem(REMEMBER_KEY);
  const form = useForm({ email: remembered ?? '', password: '', remember: remembered !== null }, validate);
  const redirect = safeRedirect(params.get('redirect'));

  const send = useCallback(
    async (v: { email: string; password: string; remember: boolean }) => {
      try {
        await login(v.email.trim(), v.password);
      } catch (e) {
        toast.failed(e, "Can't login");
        return;
      }
      if (v.remember) localStorage.setItem(REMEMBER_KEY, v.email.trim());
      else localStorage.removeItem(REMEMBER_KEY);
      toast.success('Login Successfully!');
      await navigate(redirect, { replace: true });
    },
    [login, toast, navigate, redirect],
  );

  return (
    <div className="auth-page">
      <section className="auth-card">
        <Link to="/" className="auth-logo">
          <img src="/icons/icon-192.png" alt="" width={48} height={48} />
          <span>eLawFirm</span>
        </Link>
        <h1>Welcome Back | Login To Start Your Session</h1>
        <form noValidate onSubmit={form.handleSubmit(send)}>
          <TextField label="Email" type="email" autoComplete="username" required {...form.bind('email')} />
          <PasswordField
            label="Password"
            autoComplete="current-password"
            required
            {...form.bind('password')}
          />
          <div className="row-between">
            <CheckboxField label="Remember me" {...form.bindCheck('remember')} />
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
    </div>
  );
}
