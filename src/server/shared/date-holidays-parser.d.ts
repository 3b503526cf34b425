// date-holidays-parser ships types its package exports do not point to; the parser's instances are the
// date-holidays class, whose types are published.
declare module 'date-holidays-parser' {
  import type Holidays from 'date-holidays';
  import type { HolidaysTypes } from 'date-holidays';

  const HolidaysParser: new (data: object, country: string, options?: HolidaysTypes.Options) => Holidays;
  type HolidaysParser = Holidays;
  export default HolidaysParser;
}
