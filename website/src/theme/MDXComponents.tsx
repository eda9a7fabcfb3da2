import MDXComponents from '@theme-original/MDXComponents';
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import DocCardList from '@theme/DocCardList';
import ScrollableTable from '@site/src/components/ScrollableTable';

/** Components every doc can use without importing them; Markdown tables scroll within reach of the keyboard. */
export default {
  ...MDXComponents,
  Tabs,
  TabItem,
  DocCardList,
  table: ScrollableTable,
};
