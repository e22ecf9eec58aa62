export const data = {
  title: 'JavaScript',
  robots: 'nosnippet',
};

export function render({ title }) {
  return `<p>${title}</p>`;
}
