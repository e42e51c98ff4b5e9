/** A choice in a select: the value it stands for and the words shown for it. */
export interface SelectOption<V extends string | number> {
  value: V;
  label: string;
}

/**
 * The choices of a select in the order of `values` (a list the server defines), each with its label
 * from `labels`, which must name every value.
 */
export const optionsOf = <V extends string>(values: readonly V[], labels: Record<V, string>): readonly SelectOption<V>[] =>
  values.map((value) => ({ value, label: labels[value] }));
