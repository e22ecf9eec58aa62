export const data = {
  permalink: '/data.json',
  layout: false,
};

export function render() {
  return JSON.stringify({ html: '<html><head><title>not a page</title></head></html>' });
}
