import { NotBuiltScreen } from '../ui/NotBuiltScreen.tsx';

export function UsersScreen() {
  return <NotBuiltScreen title="UsersScreen" />;
}
