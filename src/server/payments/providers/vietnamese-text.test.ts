import { describe, expect, it } from 'vitest';
import { collapseWhitespace, removeDiacritics, toNfc } from './vietnamese-text';

describe('toNfc', () => {
  it('turns a decomposed Vietnamese word into the precomposed one', () => {
    const nfd = 'Nguyễn Thị Hồng'.normalize('NFD');
    expect(nfd).not.toBe('Nguyễn Thị Hồng');
    expect(toNfc(nfd)).toBe('Nguyễn Thị Hồng');
  });
});

describe('removeDiacritics', () => {
  it('strips tone and vowel marks, including the horn of ơ and ư', () => {
    expect(removeDiacritics('Ủng hộ Quỹ Vắc xin')).toBe('Ung ho Quy Vac xin');
    expect(removeDiacritics('Thanh toán hóa đơn cửa hàng Phương')).toBe('Thanh toan hoa don cua hang Phuong');
  });

  it('maps đ and Đ, which Unicode does not decompose, to d and D', () => {
    expect(removeDiacritics('Đặng Văn Đức đã đến')).toBe('Dang Van Duc da den');
  });

  it('gives the same text for NFC and NFD input', () => {
    const text = 'Tiếng Việt có dấu: ă â ê ô ơ ư ạ ả ã';
    expect(removeDiacritics(text.normalize('NFD'))).toBe(removeDiacritics(text.normalize('NFC')));
    expect(removeDiacritics(text)).toBe('Tieng Viet co dau: a a e o o u a a a');
  });

  it('leaves plain ASCII alone', () => {
    expect(removeDiacritics('Order 1234 - paid')).toBe('Order 1234 - paid');
  });
});

describe('collapseWhitespace', () => {
  it('joins lines and runs of spaces into single spaces and trims', () => {
    expect(collapseWhitespace('  Ung\tHo\n\nQuy\u00a0 Vac  ')).toBe('Ung Ho Quy Vac');
  });
});
