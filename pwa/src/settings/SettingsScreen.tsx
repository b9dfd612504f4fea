import { NotBuiltScreen } from '../ui/NotBuiltScreen.tsx';

export function SettingsScreen() {
  return <NotBuiltScreen title="SettingsScreen" />;
}
