// In Node, during server rendering, there is no HTMLElement: the classes are still declared
// (importing must not throw) over a stand-in, and nothing is defined (see define.ts).
const HTMLElementOrStandIn: typeof HTMLElement =
  // eslint-disable-next-line @typescript-eslint/no-extraneous-class -- a stand-in with nothing in it, on purpose
  typeof HTMLElement === 'undefined' ? (class {} as unknown as typeof HTMLElement) : HTMLElement;

/** What the kit's elements share: attributes read and written as nullable strings. */
export class ElementBase extends HTMLElementOrStandIn {
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

  protected setOrRemoveAttribute(name: string, value: string | number | null | undefined): void {
    if (value === null || value === undefined) this.removeAttribute(name);
    else this.setAttribute(name, String(value));
  }

  /** A string attribute as a component prop: absent is `undefined` (the component's default). */
  protected stringAttribute(name: string): string | undefined {
    return this.getAttribute(name) ?? undefined;
  }

  /** `heading-level` as a component's `headingLevel`: 2 up to `deepest`, else `undefined` (the component's default, 2). */
  protected headingLevelAttribute<Deepest extends 5 | 6>(deepest: Deepest): 2 | 3 | 4 | Deepest | undefined {
    const level = this.numberAttribute('heading-level');
    return level !== undefined && Number.isInteger(level) && level >= 2 && level <= deepest ? (level as 2 | 3 | 4 | Deepest) : undefined;
  }

  /** A boolean attribute: present means true, unless its value is `false`; absent is `undefined` (the component's default). */
  protected booleanAttribute(name: string): boolean | undefined {
    const value = this.getAttribute(name);
    return value === null ? undefined : value !== 'false';
  }

  protected setBooleanAttribute(name: string, value: boolean | undefined | null): void {
    if (value === undefined || value === null) this.removeAttribute(name);
    else this.setAttribute(name, value ? '' : 'false');
  }

  /** A number attribute: absent is `undefined` (the component's default); text that is no number is `NaN`, which the component refuses with an error. */
  protected numberAttribute(name: string): number | undefined {
    const value = this.getAttribute(name);
    if (value === null || value.trim() === '') return undefined;
    return Number(value);
  }
}
