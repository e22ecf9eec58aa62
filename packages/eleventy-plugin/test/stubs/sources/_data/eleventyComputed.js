// A user's own global computed data, which must keep working beside the plugin's.
export default {
  pageTitle: (data) => `${data.title ?? 'Untitled'} | Stub site`,
};
