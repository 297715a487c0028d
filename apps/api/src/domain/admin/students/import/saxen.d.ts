/** The part of saxen's API the workbook reader uses (the package ships no types). */
declare module 'saxen' {
  type Decode = (text: string) => string;
  export class Parser {
    on(event: 'openTag', handler: (name: string, attributes: () => Record<string, string>, decode: Decode, selfClosing: boolean) => void): this;
    on(event: 'closeTag', handler: (name: string, decode: Decode, selfClosing: boolean) => void): this;
    on(event: 'text', handler: (text: string, decode: Decode) => void): this;
    on(event: 'cdata', handler: (text: string) => void): this;
    on(event: 'error', handler: (error: Error) => void): this;
    parse(xml: string): this;
  }
}
