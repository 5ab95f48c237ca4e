/**
 * WHY this file: VietQR is an EMVCo merchant-presented QR code (EMV QRCPS Merchant-Presented Mode, which
 * NAPAS's "Technical Specifications on NAPAS QR Switching, Part IV: QR Code Format" follows). The payload is
 * a string of data objects, each ID (2 digits) + length (2 digits, "01"-"99", counted in characters) +
 * value; a template's value is itself such a string. The last object is the CRC, ID "63" length "04": the
 * CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF, no reflection, no final XOR; check value 0x29B1 for
 * "123456789") of the whole payload up to and including "6304", written as 4 uppercase hex digits.
 * Bytes for the CRC are the payload's UTF-8; VietQR payloads are ASCII, so bytes and characters agree.
 */

export interface EmvField {
  id: string;
  value: string;
}

export class EmvFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EmvFormatError';
  }
}

export const EMV_CRC_ID = '63';
const CRC_TAG = `${EMV_CRC_ID}04`;

const codePoints = (text: string): string[] => Array.from(text);

/** One data object: ID + two-digit length + value. */
export function emvTlv(id: string, value: string): string {
  if (!/^\d{2}$/.test(id)) throw new EmvFormatError(`EMV id must be two digits, got "${id}".`);
  const length = codePoints(value).length;
  if (length < 1 || length > 99) {
    throw new EmvFormatError(`EMV field ${id} must be 1 to 99 characters long, got ${length}.`);
  }
  return `${id}${String(length).padStart(2, '0')}${value}`;
}

export function crc16CcittFalse(data: string | Uint8Array): number {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  let crc = 0xffff;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc;
}

function crcHex(data: string): string {
  return crc16CcittFalse(data).toString(16).toUpperCase().padStart(4, '0');
}

/** Closes a payload: appends "6304" and the CRC computed over everything before it plus "6304". */
export function appendCrc(payloadWithoutCrc: string): string {
  const withTag = `${payloadWithoutCrc}${CRC_TAG}`;
  return `${withTag}${crcHex(withTag)}`;
}

/** Splits one level of data objects; a template's value is parsed by calling this on it again. */
export function parseEmvTlv(payload: string): EmvField[] {
  const chars = codePoints(payload);
  const fields: EmvField[] = [];
  let at = 0;
  while (at < chars.length) {
    const id = chars.slice(at, at + 2).join('');
    const lengthText = chars.slice(at + 2, at + 4).join('');
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(lengthText)) {
      throw new EmvFormatError(`Malformed EMV data object at character ${at}.`);
    }
    const length = Number(lengthText);
    if (length === 0 || at + 4 + length > chars.length) {
      throw new EmvFormatError(`EMV field ${id} at character ${at} has a bad length ${lengthText}.`);
    }
    fields.push({ id, value: chars.slice(at + 4, at + 4 + length).join('') });
    at += 4 + length;
  }
  return fields;
}

/** True when the payload parses, ends with the CRC object, and the CRC matches (hex case ignored). */
export function verifyCrc(payload: string): boolean {
  let fields: EmvField[];
  try {
    fields = parseEmvTlv(payload);
  } catch {
    return false;
  }
  const last = fields.at(-1);
  if (!last || last.id !== EMV_CRC_ID || !/^[0-9A-Fa-f]{4}$/.test(last.value)) return false;
  if (fields.filter((f) => f.id === EMV_CRC_ID).length !== 1) return false;
  return crcHex(payload.slice(0, -4)) === last.value.toUpperCase();
}
