/** Names match when they differ only in case and spacing: 'Chan  Ka Yan' is 'chan ka yan'. */
export const samePersonName = (a: string, b: string): boolean => normalize(a) === normalize(b);

const normalize = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();
