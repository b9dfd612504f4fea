import { NotBuiltScreen } from '../ui/NotBuiltScreen.tsx';

export function LoginScreen() {
  return <NotBuiltScreen title="LoginScreen" />;
}
