// In Node, during server rendering, there is no HTMLElement: the classes are still declared
// (importing must not throw) over a stand-in, and nothing is defined (see define.ts).
const HTMLElementOrStandIn: typeof HTMLElement =
  // eslint-disable-next-line @typescript-eslint/no-extraneous-class -- a stand-in with nothing in it, on purpose
  typeof HTMLElement === 'undefined' ? (class {} as unknown as typeof HTMLElement) : HTMLElement;

/** How one kind of attribute reads as its property's value, and what a value set on the property writes (`null` removes it). */
export interface AttributeKind<Value, Input = Value> {
  read(raw: string | null): Value;
  write(value: Input | null | undefined): string | null;
}

/** One attribute of an element: its name, its kind, and whether the element has a property reflecting it. */
export interface Attribute<Value> {
  readonly name: string;
  // `never`: a table holds kinds of any input; the property's setter passes what the page set.
  readonly kind: AttributeKind<Value, never>;
  readonly property: boolean;
}

/** An element's attributes, keyed by the name of their property and of the component's prop. */
export type AttributeTable = Readonly<Record<string, Attribute<unknown>>>;

/** What the component renders from: each attribute's value, absent as `undefined` (the component's default). */
export type AttributeValues<Table extends AttributeTable> = {
  readonly [Key in keyof Table]: Table[Key] extends Attribute<infer Value> ? Exclude<Value, null> | (null extends Value ? undefined : never) : never;
};

const removedOr = (value: string | number | null | undefined): string | null => (value === null || value === undefined ? null : String(value));
const textKind: AttributeKind<string | null, string> = { read: (raw) => raw, write: removedOr };

/** The kinds of attribute the kit's elements have. @internal */
export const kinds = {
  /** Text, `null` when absent. */
  text: textKind,
  /** One of a few words; what the page wrote is passed on as it is (the component shows an unknown one as its error). */
  oneOf: <Word extends string>(): AttributeKind<Word | null, Word> => textKind as AttributeKind<Word | null, Word>,
  /** Present means true, unless its value is `false`; absent is `undefined` (the component's default). */
  onOff: {
    read: (raw) => (raw === null ? undefined : raw !== 'false'),
    write: (value) => (value === null || value === undefined ? null : value ? '' : 'false'),
  } satisfies AttributeKind<boolean | undefined, boolean>,
  /** Present means true, unless its value is `false`; absent is false. Setting false removes it. */
  flag: { read: (raw) => raw !== null && raw !== 'false', write: (value) => (value ? '' : null) } satisfies AttributeKind<boolean, boolean>,
  /** A number; absent or blank is `undefined`; text that is no number is `NaN`, which the component refuses with an error. */
  number: { read: (raw) => (raw === null || raw.trim() === '' ? undefined : Number(raw)), write: removedOr } satisfies AttributeKind<number | undefined, number>,
  /** Words separated by spaces or commas; set as an array or as the attribute's text. */
  list: {
    read: (raw) => (raw === null ? undefined : raw.split(/[\s,]+/).filter((item) => item !== '')),
    write: (value) => removedOr(typeof value === 'object' && value !== null ? value.join(' ') : value),
  } satisfies AttributeKind<string[] | undefined, readonly string[] | string>,
  /** `heading-level`: 2 up to `deepest`, else `undefined` (the component's default, 2). */
  headingLevel: <Deepest extends 5 | 6>(deepest: Deepest): AttributeKind<2 | 3 | 4 | Deepest | undefined, number> => ({
    read: (raw) => {
      const level = raw === null || raw.trim() === '' ? undefined : Number(raw);
      return level !== undefined && Number.isInteger(level) && level >= 2 && level <= deepest ? (level as 2 | 3 | 4 | Deepest) : undefined;
    },
    write: removedOr,
  }),
};

/** An attribute with a property of its own, reflecting it. @internal */
export const reflected = <Value, Input>(name: string, kind: AttributeKind<Value, Input>): Attribute<Value> => ({ name, kind, property: true });
/** An attribute the component reads, with no property (set it with `setAttribute`). @internal */
export const attributeOnly = <Value, Input>(name: string, kind: AttributeKind<Value, Input>): Attribute<Value> => ({ name, kind, property: false });

const withAccessors = new WeakSet<object>();

/**
 * What the kit's elements share: each declares its attributes in one table (`static attributes`),
 * from which come `observedAttributes`, a property reflecting each attribute that has one, and
 * the values the component renders from.
 */
export class ElementBase extends HTMLElementOrStandIn {
  /** The element's attributes; each element class sets its own. */
  protected static readonly attributes: AttributeTable = {};

  static get observedAttributes(): string[] {
    return Object.values(this.attributes).map((attribute) => attribute.name);
  }

  constructor() {
    super();
    // The accessors go on the element's prototype when the first one is made, before
    // `upgradeProperties` looks for them there: the class is usable under any tag and registry.
    const prototype = Object.getPrototypeOf(this) as object;
    if (withAccessors.has(prototype)) return;
    withAccessors.add(prototype);
    for (const [property, { name, kind, property: reflects }] of Object.entries((this.constructor as typeof ElementBase).attributes)) {
      if (!reflects || Object.hasOwn(prototype, property)) continue;
      Object.defineProperty(prototype, property, {
        configurable: true,
        get(this: ElementBase) {
          return kind.read(this.getAttribute(name));
        },
        set(this: ElementBase, value: never) {
          this.setOrRemoveAttribute(name, kind.write(value));
        },
      });
    }
  }

  /**
   * Takes over the properties the page set before the tag was defined (its script ran before the
   * kit's module): they sit on the element itself and hide the class's accessors, so each is
   * taken off and set again through its accessor. Called on connection, when the class's own
   * fields exist. Other own properties (a framework's bookkeeping) are left alone.
   */
  protected upgradeProperties(): void {
    const self = this as unknown as Record<string, unknown>;
    for (const name of Object.keys(this)) {
      if (!(name in Object.getPrototypeOf(this))) continue;
      const value = self[name];
      Reflect.deleteProperty(this, name);
      Reflect.set(this, name, value);
    }
  }

  /** The values of `table`'s attributes, as the component takes them. */
  protected attributeValues<Table extends AttributeTable>(table: Table): AttributeValues<Table> {
    const values: Record<string, unknown> = {};
    for (const [key, { name, kind }] of Object.entries(table)) values[key] = kind.read(this.getAttribute(name)) ?? undefined;
    return values as AttributeValues<Table>;
  }

  protected setOrRemoveAttribute(name: string, value: string | number | null | undefined): void {
    if (value === null || value === undefined) this.removeAttribute(name);
    else this.setAttribute(name, String(value));
  }
}
