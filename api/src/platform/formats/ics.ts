import { STRAY_CONTROLS, wellFormed } from './text.js';

/**
 * The one writer of iCalendar (RFC 5545) text. Every value goes through it: TEXT values are
 * escaped (§3.3.11), other values (dates, URIs, numbers) lose any control character, and every
 * content line is folded at 75 octets (§3.1), so no value can start a line of its own.
 */

/** A TEXT value: backslash, semicolon and comma escaped, each line break written as `\n`. */
export function icsText(value: string): string {
  return wellFormed(value)
    .replace(/\r\n?/g, '\n')
    .replace(STRAY_CONTROLS, '')
    .replace(/[\\;,]/g, (ch) => `\\${ch}`)
    .replace(/\n/g, '\\n');
}

/** A value of another type (DATE-TIME, URI, GEO...): never a control character, so never a line break. */
const plainValue = (value: string) => wellFormed(value).replace(/[\u0000-\u001F\u007F-\u009F]/g, '');

const NAME = /^[A-Z][A-Z0-9-]*$/;
// Parameter values are codes from code (VALUE=DATE) or IANA zone names (TZID=America/Port_of_Spain).
const PARAMS = /^(;[A-Z][A-Z0-9-]*=[A-Za-z0-9_/+-]+)*$/;
const encoder = new TextEncoder();

/**
 * One content line folded to lines of at most 75 octets (CRLF aside), each continuation starting
 * with a space; a break never falls inside a character's UTF-8 bytes (nor between a surrogate pair).
 */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = encoder.encode(ch).length;
    if (octets + size > 75) {
      out.push(current);
      current = ' ';
      octets = 1;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n');
}

type Value = { text: string } | { plain: string };

/** An iCalendar document, written line by line. */
export class IcsWriter {
  private readonly lines: string[] = [];

  begin(component: string): this {
    return this.line('BEGIN', { plain: component });
  }

  end(component: string): this {
    return this.line('END', { plain: component });
  }

  /** A TEXT property (SUMMARY, LOCATION, DESCRIPTION, NAME, UID...), escaped. */
  text(name: string, value: string, params = ''): this {
    return this.line(name, { text: value }, params);
  }

  /** A property of another value type, written as given once control characters are gone. */
  plain(name: string, value: string, params = ''): this {
    return this.line(name, { plain: value }, params);
  }

  private line(name: string, value: Value, params = ''): this {
    // Names and parameters come from code, never from users: a wrong one is a bug.
    if (!NAME.test(name) || !PARAMS.test(params)) throw new Error(`Invalid iCalendar property ${name}${params}`);
    const written = 'text' in value ? icsText(value.text) : plainValue(value.plain);
    this.lines.push(foldLine(`${name}${params}:${written}`));
    return this;
  }

  toString(): string {
    return this.lines.map((l) => `${l}\r\n`).join('');
  }
}
