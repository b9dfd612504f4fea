import { initialsAvatar } from './avatar.ts';

/** A review on the landing page (part 1 §3). */
export type TReview = {
  review: string;
  image_src: string;
  name: string;
  designation: string;
};

const review = (name: string, designation: string, text: string): TReview => ({
  review: text,
  image_src: initialsAvatar(name),
  name,
  designation,
});

export const REVIEWS: TReview[] = [
  review(
    'Ayesha Siddiqui',
    'Advocate High Court, Lahore',
    'I used to carry three files to court every morning. Now every order sheet and annexure is on my phone, even in the basement courtrooms where there is no signal at all. When I come out, the new hearing date is already with my clerk.',
  ),
  review(
    'Bilal Ahmed Khan',
    'Partner, Khan & Associates, Karachi',
    'Our associates finally see the same case file as the partners. The pending tags and the court calendar have made our Monday meetings half as long.',
  ),
  review(
    'Sana Malik',
    'Law Student, Moot Court Team',
    'The moot cases and the frequently asked legal propositions helped our team prepare far faster than photocopies ever did. I could read the whole bundle on the bus home without mobile data, and my notes were waiting on my laptop the next morning.',
  ),
  review(
    'Usman Tariq',
    'Advocate Supreme Court, Islamabad',
    'Simple to learn, quick to open, and the limitation calculator alone has saved me more than once.',
  ),
  review(
    'Fatima Raza',
    'Head of Legal, a Lahore textile group',
    'As an in-house team we needed our own space, our own users and invoices that look like ours. Setting up took an afternoon, and our outside counsel now upload their order sheets directly into our files so nothing waits for a courier.',
  ),
  review(
    'Hamza Qureshi',
    'Advocate, District Courts Rawalpindi',
    'The FIR reader explains sections to my clients in words they understand. It has become part of my first meeting with every criminal client.',
  ),
];

/** Part 1 §9: review text is cut at 170 characters with Show More/Less. */
export const REVIEW_TRUNCATE_AT = 170;
