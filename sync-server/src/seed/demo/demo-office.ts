import { ROLE_IDS, STATUS_DRAFT, STATUS_PAID, STATUS_SENT, type TSettings } from '@lawfirm/shared-types';
import { at, day, ref, rs, type TSeedNode } from './loader.ts';

/**
 * The demo firm's people, billing, opinions and library, and its office's address. Days count from the day
 * the demo is seeded; amounts are rupees as exact decimals.
 */

/** Filled into the firm's settings where they are still empty, so the demo opens as a set-up firm. */
export const DEMO_SETTINGS: Partial<TSettings> = {
  site_phone: '0300-1234567',
  invoice_heading_left: 'Advocates & Legal Consultants',
  invoice_heading_right: 'NTN 4217731-6',
  invoice_address: 'Office 14, 2nd Floor, Al-Rehman Chambers, 5 Fane Road, Lahore',
  invoice_phone: '042-37324455',
};

type TPerson = {
  name: string;
  email: string;
  phone: string;
  city: string;
  company_name?: string;
  address?: string;
};

const member = (key: string, role: 'LAWYER' | 'CLIENT', p: TPerson): TSeedNode => ({
  entity: 'users',
  key,
  values: {
    name: p.name,
    email: p.email,
    role_id: ROLE_IDS[role],
    phone: p.phone,
    cnic: null,
    company_name: p.company_name ?? null,
    address: p.address ?? null,
    city: p.city,
    province: 'Punjab',
    zip: null,
    avatar_file_name: null,
    is_moot_student: false,
    moot_team_no: null,
    moot_institute: null,
    is_approved: true,
    approved_at: null,
    approved_by: null,
    blocked_at: null,
    send_email: false,
    created_at: at(-400),
  },
});

const CLIENTS = {
  aslam: {
    name: 'Muhammad Aslam',
    email: 'muhammad.aslam@demo.elawfirm.pk',
    phone: '0301-4452190',
    city: 'Lahore',
    address: 'House 112-C, Block R-1, Johar Town, Lahore',
  },
  rehmat: {
    name: 'Kamran Rehmat',
    email: 'kamran.rehmat@demo.elawfirm.pk',
    phone: '0321-8406613',
    city: 'Faisalabad',
    company_name: 'Rehmat Textiles (Pvt.) Ltd.',
    address: '27-B, Industrial Estate, Sargodha Road, Faisalabad',
  },
  nasreen: {
    name: 'Nasreen Akhtar',
    email: 'nasreen.akhtar@demo.elawfirm.pk',
    phone: '0333-5127784',
    city: 'Lahore',
    address: '45 Shadman II, Lahore',
  },
} as const satisfies Record<string, TPerson>;

/** The lawyers the case files name and the clients the invoices and opinions are for. */
export const DEMO_PEOPLE: readonly TSeedNode[] = [
  member('lawyer:ayesha', 'LAWYER', {
    name: 'Ayesha Siddiqui',
    email: 'ayesha.siddiqui@demo.elawfirm.pk',
    phone: '0300-4185522',
    city: 'Lahore',
  }),
  member('lawyer:bilal', 'LAWYER', {
    name: 'Bilal Ahmed Chaudhry',
    email: 'bilal.chaudhry@demo.elawfirm.pk',
    phone: '0321-4470913',
    city: 'Lahore',
  }),
  member('lawyer:usman', 'LAWYER', {
    name: 'Usman Tariq',
    email: 'usman.tariq@demo.elawfirm.pk',
    phone: '0345-4061178',
    city: 'Lahore',
  }),
  ...Object.entries(CLIENTS).map(([key, p]) => member(`client:${key}`, 'CLIENT', p)),
];

type TInvoice = {
  client: keyof typeof CLIENTS;
  status: 'draft' | 'sent' | 'paid';
  /** Days from today it was made. */
  made: number;
  due: number;
  amount: string;
  /** Withholding tax at the firm's 10 %, deducted from the total. */
  tax?: true;
  subject: string;
  services: string;
  attention?: string;
  expenses?: readonly [string, string][];
  /** [day, rupees, notes, the photographed receipt]. */
  payments?: readonly (readonly [number, string, string, string?])[];
};

/**
 * An invoice with its lines and payments, as the Invoices screen makes one: the client's details copied onto
 * it, then the expenses, the payments (with a receipt's photo), and a paid invoice marked Paid last, as
 * Mark as Paid does (a paid invoice's lines are fixed).
 */
const invoice = (i: TInvoice): TSeedNode => {
  const c: TPerson = CLIENTS[i.client];
  const last = i.payments?.at(-1);
  return {
    entity: 'invoices',
    values: {
      client_id: ref(`client:${i.client}`),
      client_name: c.company_name ?? c.name,
      client_email: c.email,
      client_company: c.company_name ?? null,
      client_phone: c.phone,
      client_address: c.address ?? null,
      invoice_status_id: i.status === 'draft' ? STATUS_DRAFT : STATUS_SENT,
      due_date: day(i.due),
      amount: rs(i.amount),
      apply_tax: !!i.tax,
      tax_percentage: 10,
      attention: i.attention ?? null,
      subject: i.subject,
      services: i.services,
      content: null,
      paid_at: null,
      created_at: at(i.made),
    },
    children: [
      ...(i.expenses ?? []).map(([expense, amount]): TSeedNode => ({
        entity: 'invoice_expenses',
        values: { expense, amount: rs(amount) },
      })),
      ...(i.payments ?? []).map(([d, amount, notes, receipt]): TSeedNode => ({
        entity: 'invoice_payments',
        values: { paid_date: day(d), paid_amount: rs(amount), notes, created_at: at(d) },
        children: receipt ? [{ entity: 'attachments', file: receipt, values: {} }] : [],
      })),
    ],
    then:
      i.status === 'paid' ? { invoice_status_id: STATUS_PAID, paid_at: day(last?.[0] ?? i.due) } : undefined,
  };
};

/** Invoices in every status: paid in full (one with a bank advice), sent and part paid, sent and overdue, drafts. */
const INVOICES: readonly TInvoice[] = [
  {
    client: 'aslam',
    status: 'paid',
    made: -400,
    due: -385,
    amount: '150000.00',
    subject: 'W.P. No. 41823: professional fee',
    services:
      'Drafting and filing of the writ petition against the cancellation of the allotment; appearances.',
    expenses: [
      ['Court fee and stamp papers', '2500.00'],
      ['Photocopies and paper books', '1800.00'],
    ],
    payments: [
      [-395, '100000.00', 'Cheque No. 4471, Habib Bank'],
      [-370, '54300.00', 'Online transfer'],
    ],
  },
  {
    client: 'rehmat',
    status: 'paid',
    made: -35,
    due: -20,
    amount: '50000.00',
    subject: 'Monthly retainer',
    services: 'Legal advice on the firm’s contracts and recoveries for the month.',
    attention: 'Mr. Kamran Rehmat, Director Finance',
    payments: [[-22, '50000.00', 'Funds transfer FT25329871164, Meezan Bank', 'payment-receipt.png']],
  },
  {
    client: 'rehmat',
    status: 'sent',
    made: -290,
    due: -260,
    amount: '300000.00',
    tax: true,
    subject: 'Suit No. 2417: recovery suit against Al-Noor Traders',
    services: 'Institution of the suit under Order XXXVII CPC and its conduct up to evidence.',
    attention: 'Mr. Kamran Rehmat, Director Finance',
    expenses: [
      ['Court fee', '15000.00'],
      ['Process fee (talbana) and service', '3500.00'],
    ],
    payments: [[-250, '150000.00', 'First instalment, cheque No. 0091128']],
  },
  {
    client: 'nasreen',
    status: 'sent',
    made: -105,
    due: -75,
    amount: '40000.00',
    subject: 'W.P. No. 30119: maintenance of the minors',
    services: 'Writ petition against the appellate decree; appearances before the High Court.',
  },
  {
    client: 'rehmat',
    status: 'sent',
    made: -12,
    due: 18,
    amount: '85000.00',
    tax: true,
    subject: 'Income Tax Reference No. 233',
    services: 'Arguments on the questions of law referred; written submissions.',
    attention: 'Mr. Kamran Rehmat, Director Finance',
  },
  {
    client: 'nasreen',
    status: 'paid',
    made: -130,
    due: -120,
    amount: '10000.00',
    subject: 'Consultation',
    services: 'Consultation on custody and maintenance of the minors.',
    payments: [[-128, '10000.00', 'Cash']],
  },
  {
    client: 'aslam',
    status: 'draft',
    made: -2,
    due: 28,
    amount: '60000.00',
    subject: 'Arguments in W.P. No. 41823',
    services: 'Final arguments and the synopsis; attendance on the record of the allotment.',
  },
  {
    client: 'rehmat',
    status: 'draft',
    made: -1,
    due: 29,
    amount: '120000.00',
    tax: true,
    subject: 'Execution Petition No. 61',
    services:
      'Execution of the decree against Zeeshan Fabrics; attachment of the judgment debtor’s accounts.',
    expenses: [['Bailiff’s expenses', '2000.00']],
  },
];

const OPINIONS: readonly [keyof typeof CLIENTS, string, number, string][] = [
  [
    'aslam',
    'DLA/OP/041',
    -430,
    'Whether the LDA may cancel the allotment of Plot No. 112-C, Johar Town without notice',
  ],
  [
    'rehmat',
    'DLA/OP/052',
    -310,
    'Recovery of the price of supplies from Al-Noor Traders: forum, limitation and summary procedure',
  ],
  [
    'rehmat',
    'DLA/OP/067',
    -60,
    'Withholding tax on the proceeds of indirect exports under section 153 of the Income Tax Ordinance, 2001',
  ],
  [
    'nasreen',
    'DLA/OP/071',
    -140,
    'Custody of the minors and their maintenance after the decree of the Family Court',
  ],
];

const page = (paragraphs: readonly string[]) => paragraphs.map((p) => `<p>${p}</p>`).join('');

/** The library: propositions, sample contracts and pleadings, and useful links. */
const LIBRARY: readonly TSeedNode[] = [
  ...(
    [
      [
        'Bail on the ground of statutory delay',
        'bail, statutory delay, 497 Cr.P.C., third proviso',
        'Section 497, third proviso, Code of Criminal Procedure, 1898',
        [
          'An accused detained for more than one year (offences not punishable with death) or two years (offences punishable with death) without the conclusion of the trial is entitled to bail as of right, unless the delay was caused by the accused.',
          'The right is statutory: the court does not weigh the merits, only who caused the delay.',
        ],
      ],
      [
        'Talbs in a suit for pre-emption',
        'pre-emption, talb-e-muwathibat, talb-e-ishhad',
        'Sections 13 and 31, Punjab Pre-emption Act, 1991',
        [
          'A pre-emptor must make talb-e-muwathibat at once on learning of the sale and talb-e-ishhad by a notice attested by two truthful witnesses within two weeks; a suit fails if either is not proved.',
        ],
      ],
      [
        'Limitation for recovery of the price of goods sold',
        'limitation, price of goods, Article 52',
        'Article 52, First Schedule, Limitation Act, 1908',
        [
          'A suit for the price of goods sold and delivered, where no fixed period of credit is agreed, lies within three years from the date of the delivery of the goods.',
        ],
      ],
    ] as const
  ).map(([title, keywords, provisions, text]): TSeedNode => ({
    entity: 'general_case_laws',
    values: {
      case_title: title,
      keywords,
      legal_provisions: provisions,
      content: page(text),
      published: true,
    },
  })),
  {
    entity: 'contract_categories',
    key: 'contracts:property',
    values: { title: 'Property' },
  },
  {
    entity: 'contract_categories',
    key: 'contracts:employment',
    values: { title: 'Employment' },
  },
  ...(
    [
      [
        'contracts:property',
        'Tenancy agreement (residential)',
        [
          'This tenancy agreement is made at Lahore between the owner (the landlord) and the tenant for the house described below, for eleven months from the date written.',
          'The monthly rent is payable in advance by the 5th of each month; the security deposit of two months’ rent is returned on vacation after adjusting the utility bills.',
        ],
      ],
      [
        'contracts:property',
        'Agreement to sell immovable property (iqrar nama)',
        [
          'The seller agrees to sell and the purchaser to buy the property for the price stated, of which the earnest money is paid today and the balance on the execution of the sale deed before the Sub-Registrar.',
        ],
      ],
      [
        'contracts:employment',
        'Employment agreement',
        [
          'The company employs the employee on probation for three months on the salary and terms stated; either party may end the employment by one month’s notice or a month’s salary in its place.',
        ],
      ],
    ] as const
  ).map(([category, title, text]): TSeedNode => ({
    entity: 'contracts_and_agreements',
    values: { title, contract_category_id: ref(category), content: page(text), published: true },
  })),
  ...(
    [
      [
        'Petition for post-arrest bail under section 497 Cr.P.C.',
        [
          'Respectfully sheweth that the petitioner is involved in the case FIR No. ___ registered at Police Station ___ under sections ___ PPC, and is in judicial custody.',
          'It is prayed that the petitioner may be admitted to post-arrest bail.',
        ],
      ],
      [
        'Writ petition under Article 199 of the Constitution',
        [
          'The petitioner, an aggrieved person, has no other adequate remedy provided by law against the impugned order, which is without lawful authority and of no legal effect.',
        ],
      ],
      [
        'Suit for recovery under Order XXXVII CPC',
        [
          'The plaintiff sues on a negotiable instrument (cheque No. ___) dishonoured on presentation, and prays for a decree of the amount with profit and costs.',
        ],
      ],
    ] as const
  ).map(([title, text]): TSeedNode => ({
    entity: 'sample_pleadings',
    values: { title, content: page(text), published: true },
  })),
  ...(
    [
      [
        'Supreme Court of Pakistan',
        'https://www.supremecourt.gov.pk',
        'Cause lists, judgments and case status.',
      ],
      [
        'Lahore High Court',
        'https://www.lhc.gov.pk',
        'Cause lists and case status of the principal seat and benches.',
      ],
      [
        'High Court of Sindh',
        'https://www.sindhhighcourt.gov.pk',
        'Cause lists and case status, Karachi and benches.',
      ],
      ['Islamabad High Court', 'https://www.ihc.gov.pk', 'Cause lists and judgments.'],
      ['Pakistan Code', 'https://pakistancode.gov.pk', 'Federal laws as amended.'],
      ['Federal Board of Revenue', 'https://www.fbr.gov.pk', 'Tax laws, SROs and the active taxpayers list.'],
    ] as const
  ).map(([title, url, description]): TSeedNode => ({ entity: 'links', values: { title, url, description } })),
];

/** Everything of the office, after the case files: invoices, opinions and the library. */
export const DEMO_OFFICE: readonly TSeedNode[] = [
  ...INVOICES.map(invoice),
  ...OPINIONS.map(([client, reference_no, d, subject]): TSeedNode => ({
    entity: 'opinions',
    values: {
      client_id: ref(`client:${client}`),
      reference_no,
      subject,
      issuance_date: day(d),
      created_at: at(d),
    },
  })),
  ...LIBRARY,
];
