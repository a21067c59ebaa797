/**
 * A cache of answers about objects that are never changed once made (game states, stand arrays):
 * the answer is kept on the object itself, under a private symbol that is neither enumerable nor a
 * string key, so JSON, state hashes, structured clones and equality checks never see it. The
 * answer lives exactly as long as its object.
 *
 * Why not a WeakMap: V8's young-generation collector cannot tell that a young key of an old WeakMap
 * is garbage, so it keeps (and promotes) every value until the next full collection. Keyed by the
 * states of a battle, which die within a decision, that promoted over five times the bytes and
 * tripled the collector's pauses (docs/architecture.md, "Keeping the Shieldwall engine fast").
 */
export class ObjectCache<K extends object, V> {
  private readonly key: symbol;

  constructor(name: string) {
    this.key = Symbol(name);
  }

  get(o: K): V | undefined {
    return (o as Record<symbol, V | undefined>)[this.key];
  }

  /** Keeps `value` for `o`; a frozen or sealed object is left as it is (nothing is cached). */
  set(o: K, value: V): void {
    const slots = o as Record<symbol, V>;
    if (Object.prototype.hasOwnProperty.call(o, this.key)) slots[this.key] = value;
    else if (Object.isExtensible(o)) Object.defineProperty(o, this.key, { value, writable: true, enumerable: false, configurable: false });
  }
}
