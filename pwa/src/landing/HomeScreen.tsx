import { NotBuiltScreen } from '../ui/NotBuiltScreen.tsx';

export function HomeScreen() {
  return <NotBuiltScreen title="HomeScreen" />;
}
