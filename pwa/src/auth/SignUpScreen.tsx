import { NotBuiltScreen } from '../ui/NotBuiltScreen.tsx';

export function SignUpScreen() {
  return <NotBuiltScreen title="SignUpScreen" />;
}
