import { describe, expect, it } from 'vitest';
import { cnicKey, nameKey } from './party-name.ts';

const same = (a: string, b: string) => expect(nameKey(a), `${a} ~ ${b}`).toBe(nameKey(b));
const differ = (a: string, b: string) => expect(nameKey(a), `${a} !~ ${b}`).not.toBe(nameKey(b));

describe('party name keys', () => {
  it('ignores case, punctuation and spacing', () => {
    expect(nameKey('  MUHAMMAD   Aslam. ')).toBe('muhammad aslam');
    same('Abdul-Ghani', 'abdul ghani');
  });

  it('drops honorifics and prefixes', () => {
    same('Mr. Muhammad Aslam', 'Muhammad Aslam');
    same('Mst. Razia Bibi', 'Razia Bibi');
    same('Syed Ali Raza', 'Ali Raza');
    same('Dr. Haji Ali Raza', 'Ali Raza');
    same('M/s ABC Traders', 'ABC Traders');
    same('M/S. ABC Traders', 'ABC Traders');
    // A name that is only an honorific keeps it.
    expect(nameKey('Syed')).toBe('syed');
  });

  it('drops the parentage after s/o, d/o, w/o and their spelled-out forms', () => {
    same('Muhammad Aslam s/o Abdul Ghani', 'Muhammad Aslam');
    same('MUHAMMAD ASLAM S/O ABDUL GHANI, R/O LAHORE', 'Muhammad Aslam');
    same('Mst. Razia Bibi w/o Muhammad Aslam', 'Razia Bibi');
    same('Sana d/o Aslam', 'Sana');
    same('Aslam son of Ghani', 'Aslam');
    same('Aslam S.O Ghani', 'Aslam');
    same('محمد اسلم ولد عبدالغنی', 'محمد اسلم');
    // "Sodhi" and "Shaw" are names, not parentage.
    expect(nameKey('Ali Sodhi')).toBe('ali sodhi');
  });

  it('reads common spelling variants as one name', () => {
    for (const v of ['Mohammad Aslam', 'Muhammed Aslam', 'Mohd. Aslam', 'Mohammed Aslam', 'MUHAMMAD ASLAM'])
      same(v, 'Muhammad Aslam');
    same('Ch. Muhammad Aslam', 'Chaudhry Mohammad Aslam');
    same('Chaudhary Aslam', 'Chaudhry Aslam');
    same('Ahmed Hussain', 'Ahmad Husain');
  });

  it('reads one company however its suffix is written', () => {
    for (const v of [
      'ABC Traders (Pvt.) Ltd.',
      'ABC Traders (Private) Limited',
      'ABC Traders Ltd',
      'M/s ABC Traders Pvt Ltd',
    ])
      same(v, 'ABC Traders');
  });

  it('folds Urdu spellings and diacritics', () => {
    same('مُحمّد اسلم', 'محمد اسلم');
    same('مسمات رضیہ بی بی', 'رضیہ بی بی');
    same('علي', 'علی');
  });

  it('keeps different people apart', () => {
    differ('Muhammad Aslam', 'Muhammad Akram');
    differ('Muhammad Aslam', 'Aslam');
    differ('Ali Ahmad', 'Ahmad Ali');
    differ('ABC Traders', 'ABC Textiles (Pvt) Ltd');
  });

  it('reads a CNIC with or without dashes, and nothing else', () => {
    expect(cnicKey('35202-1234567-1')).toBe('3520212345671');
    expect(cnicKey('3520212345671')).toBe('3520212345671');
    expect(cnicKey('35202-1234567')).toBeNull();
    expect(cnicKey('ABC')).toBeNull();
    expect(cnicKey(null)).toBeNull();
  });
});
