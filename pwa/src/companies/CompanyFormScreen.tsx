import { NotBuiltScreen } from '../ui/NotBuiltScreen.tsx';

export function CompanyFormScreen() {
  return <NotBuiltScreen title="CompanyFormScreen" />;
}
