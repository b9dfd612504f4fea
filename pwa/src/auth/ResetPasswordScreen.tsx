import { NotBuiltScreen } from '../ui/NotBuiltScreen.tsx';

export function ResetPasswordScreen() {
  return <NotBuiltScreen title="ResetPasswordScreen" />;
}
