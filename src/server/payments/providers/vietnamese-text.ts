/**
 * WHY this file: the same Vietnamese word can arrive precomposed (NFC, "ệ" = U+1EC7) or decomposed (NFD,
 * "e" + U+0323 + U+0302), e.g. typed on macOS or pasted from a PDF. A signature covers bytes, so every string
 * we sign is normalised to NFC first, or the same order info would sign two ways.
 *
 * Some rails do not accept diacritics at all: VNPAY's vnp_OrderInfo is "Tiếng Việt không dấu và không bao
 * gồm các ký tự đặc biệt" (https://sandbox.vnpayment.vn/apis/docs/thanh-toan-pay/pay.html) and VietQR's
 * transfer content is "tiếng Việt không dấu, tối đa 25 ký tự, không chứa các ký tự đặc biệt"
 * (https://vietqr.io/danh-sach-api/link-tao-ma-nhanh/api-tao-ma-qr). For them the text is transliterated:
 * NFD splits each letter from its marks, the combining marks (\p{M}) are dropped, and đ/Đ, which Unicode
 * does not decompose, become d/D.
 */
export function toNfc(text: string): string {
  return text.normalize('NFC');
}

export function removeDiacritics(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').replace(/đ/g, 'd').replace(/Đ/g, 'D').normalize('NFC');
}

/** Collapses runs of whitespace (tabs, newlines, NBSP) to one space and trims, for single-line fields. */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}
