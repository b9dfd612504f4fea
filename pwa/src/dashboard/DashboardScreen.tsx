import { NotBuiltScreen } from '../ui/NotBuiltScreen.tsx';

export function DashboardScreen() {
  return <NotBuiltScreen title="DashboardScreen" />;
}
