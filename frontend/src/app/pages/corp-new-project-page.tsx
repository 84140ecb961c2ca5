import { lazy } from 'react';
import { NewProject } from '../../features/corp/components/new-project';

// The calculator (its form, tree and static data) is its own chunk, as on /industry.
const IndustryCalculator = lazy(() =>
  import('../../features/industry/components/industry-calculator').then((m) => ({ default: m.IndustryCalculator })),
);

/**
 * /corp/new_project, composed here because it joins two features: the corporation's new-project
 * form around the industry calculator (features never import each other).
 */
export default function CorpNewProjectPage() {
  return <NewProject calculator={(actions) => <IndustryCalculator extraActions={actions} />} />;
}
