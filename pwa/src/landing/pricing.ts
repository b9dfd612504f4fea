/** One row of the plan comparison (part 1 §3): text, or true/false for included/not included. */
export type TPlanFeature = {
  id: number;
  feature_name: string;
  free_plan: string | boolean;
  student_plan: string | boolean;
  individual_plan: string | boolean;
  lawfirm_plan: string | boolean;
};

export type TPlanKey = 'student_plan' | 'individual_plan' | 'lawfirm_plan';

/** The plans the table shows; the free plan exists in the data but is not offered (part 1 §9). */
export const PLANS: { key: TPlanKey; name: string }[] = [
  { key: 'student_plan', name: 'Law School Plan' },
  { key: 'individual_plan', name: 'Individual Lawyer' },
  { key: 'lawfirm_plan', name: 'Law Firm or In-house Legal Department' },
];

export const PLAN_FEATURES: TPlanFeature[] = [
  {
    id: 1,
    feature_name: 'Case Files',
    free_plan: 'Up to 5 case files',
    student_plan: 'Up to 10 pre-uploaded case files',
    individual_plan: 'Up to 50 case files',
    lawfirm_plan: 'Unlimited case files',
  },
  {
    id: 2,
    feature_name: 'Calendar',
    free_plan: false,
    student_plan: false,
    individual_plan: true,
    lawfirm_plan: true,
  },
  {
    id: 3,
    feature_name: 'FAQ Legal Propositions',
    free_plan: false,
    student_plan: true,
    individual_plan: false,
    lawfirm_plan: true,
  },
  {
    id: 4,
    feature_name: 'Sample Pleadings and Contracts',
    free_plan: false,
    student_plan: true,
    individual_plan: true,
    lawfirm_plan: true,
  },
  {
    id: 5,
    feature_name: 'Case Law Library',
    free_plan: false,
    student_plan: false,
    individual_plan: true,
    lawfirm_plan: true,
  },
  {
    id: 6,
    feature_name: 'Legal Opinions Module',
    free_plan: false,
    student_plan: false,
    individual_plan: false,
    lawfirm_plan: true,
  },
  {
    id: 7,
    feature_name: 'Accounts Module',
    free_plan: false,
    student_plan: false,
    individual_plan: false,
    lawfirm_plan: true,
  },
  {
    id: 8,
    feature_name: 'Client Consultation Module',
    free_plan: false,
    student_plan: false,
    individual_plan: false,
    lawfirm_plan: true,
  },
  {
    id: 9,
    feature_name: 'Separate Sub-domain',
    free_plan: false,
    student_plan: false,
    individual_plan: false,
    lawfirm_plan: true,
  },
];
