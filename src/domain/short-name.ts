/**
 * How a person is named on a screen the public sees (the walk-in TV, the kiosk): first name and last initial,
 * "Ann L." (docs/front-desk.md#the-tv: the TV shows first names and last initials only). Phones,
 * full last names and notes never reach those screens.
 */

/** The first letter of a last name, upper-cased ('' when there is none); a letter, not a UTF-16 half. */
export function lastInitial(lastName: string | null | undefined): string {
  const first = [...(lastName ?? '').trim()][0];
  return first ? first.toLocaleUpperCase() : '';
}

/** "Ann L." from first and last name; "Ann" without a last name. */
export function shortName(firstName: string, lastName: string | null | undefined): string {
  const first = firstName.trim();
  const initial = lastInitial(lastName);
  if (first === '') return initial ? `${initial}.` : '';
  return initial ? `${first} ${initial}.` : first;
}

/**
 * The same from one free-text name as the desk typed it ("Mai Thi Tran" → "Mai T."): the first word, and the
 * last word's initial. A walk-in checked in by name only has nothing else.
 */
export function shortNameOf(fullName: string): string {
  const words = fullName
    .trim()
    .split(/\s+/)
    .filter((w) => w !== '');
  if (words.length === 0) return '';
  return shortName(words[0]!, words.length > 1 ? words[words.length - 1] : null);
}
