import { NotBuiltScreen } from '../ui/NotBuiltScreen.tsx';

export function CompaniesScreen() {
  return <NotBuiltScreen title="CompaniesScreen" />;
}
