/**
 * The donut of CategoryPanel, in a chunk of its own: Mantine's charts bring recharts and d3
 * (~100 KB gzip), which the expenses page loads when the panel nears the screen.
 */
import { DonutChart } from '@mantine/charts';
import '@mantine/charts/styles.layer.css';

export interface DonutSlice {
  name: string;
  value: number;
  color: string;
}

export default function CategoryDonut({ data, label, format }: { data: DonutSlice[]; label: string; format: (cents: number) => string }) {
  return (
    <DonutChart
      size={168}
      thickness={26}
      paddingAngle={1}
      data={data}
      valueFormatter={format}
      tooltipDataSource="segment"
      // The legend beside it is what keyboards and screen readers use: the chart takes no focus.
      accessibilityLayer={false}
      chartLabel={label}
    />
  );
}
