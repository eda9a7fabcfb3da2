import MDXComponents from '@theme-original/MDXComponents';
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import DocCardList from '@theme/DocCardList';

/** Components every doc can use without importing them. */
export default {
  ...MDXComponents,
  Tabs,
  TabItem,
  DocCardList,
};
