import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { TextInput } from "react-admin";
import { FeaturesInput } from "./FeaturesInput.tsx";
import type { FieldProps } from "../../resources/types.ts";

/** A cartridge model's specifications: storage, features (one per line), dimensions, weight. */
export function SpecificationsInput({ field }: FieldProps) {
  const base = field.source;
  return (
    <Box component="fieldset" sx={{ border: 1, borderColor: "divider", borderRadius: 1, px: 2, pb: 1, mt: 1 }}>
      <Typography component="legend" variant="body2" color="text.secondary" sx={{ px: 0.5 }}>
        {field.label}
      </Typography>
      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr 1fr" }, columnGap: 2 }}>
        <TextInput source={`${base}.storage`} label="Storage" placeholder="512GB" helperText={false} fullWidth />
        <TextInput source={`${base}.dimensions`} label="Dimensions" placeholder="110 x 70 x 18 mm" helperText={false} fullWidth />
        <TextInput source={`${base}.weight`} label="Weight" placeholder="95 g" helperText={false} fullWidth />
      </Box>
      <FeaturesInput source={`${base}.features`} label="Features" />
    </Box>
  );
}
