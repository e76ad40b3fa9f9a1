// The parts of mailauth (no types of its own) the inbound mail checks and their tests use.
declare module 'mailauth' {
  export type Resolver = (name: string, rrtype: string) => Promise<unknown>;
  interface Status {
    result: string;
    comment?: string | boolean;
    aligned?: string | false;
    header?: Record<string, string>;
  }
  export interface AuthenticateResult {
    dkim: { headerFrom?: string[]; results?: { signingDomain?: string; status: Status }[] };
    spf: false | { domain?: string; status: Status };
    dmarc: false | { domain?: string; status: Status };
    arc:
      | false
      | {
          status: Status;
          signature?: false | { signingDomain?: string; status?: Status };
          authenticationResults?: { mta?: string; dmarc?: { result?: string; header?: { from?: string } } };
        };
    headers: string;
  }
  export function authenticate(
    message: Buffer | string | NodeJS.ReadableStream,
    options?: {
      sender?: string;
      ip?: string;
      helo?: string;
      mta?: string;
      resolver?: Resolver;
      trustReceived?: boolean;
      disableBimi?: boolean;
      minBitLength?: number;
    },
  ): Promise<AuthenticateResult>;
}

declare module 'mailauth/lib/dkim/sign.js' {
  export function dkimSign(
    message: Buffer | string,
    options: { signatureData: { signingDomain: string; selector: string; privateKey: string | Buffer }[]; canonicalization?: string; algorithm?: string },
  ): Promise<{ signatures: string; errors: unknown[] }>;
}

declare module 'mailauth/lib/arc/index.js' {
  export function sealMessage(
    message: Buffer | string,
    seal: { signingDomain: string; selector: string; privateKey: string | Buffer; authResults: string; cv: string; i?: number },
  ): Promise<Buffer>;
}
