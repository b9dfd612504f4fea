import { NotBuiltScreen } from '../ui/NotBuiltScreen.tsx';

export function ForgotPasswordScreen() {
  return <NotBuiltScreen title="ForgotPasswordScreen" />;
}
